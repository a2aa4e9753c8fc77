import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { markReactListening } from "./lib/taps-before-hydration";

// React Router's own client entry, plus one line: once hydrateRoot has attached React's listeners, a tap is
// React's to handle (it hydrates the page at once for it), not one to remember for later (decision 064).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
  markReactListening();
});
