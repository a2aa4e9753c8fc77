import { createContext, useContext } from "react";

// Provided only during server rendering; in the browser the nonce is no longer needed.
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
