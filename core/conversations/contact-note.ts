// The one line shown beside a message whose contact details are masked (decision 080): the placeholder in the text
// stays short, and this says why and when they are shared. The thread page and the JSON API both use it.

export const CONTACT_DETAILS_NOTE = "Contact details are shared once you both pay the $9.99 handshake fee.";
