import { config } from "zod";

// zod 4 probes `new Function` when it builds an object schema, to decide whether to compile a fast parser;
// our script CSP (no 'unsafe-eval') refuses it and the browser reports a violation. The forms that still
// ship zod (create listing) import this module before any schema, so the browser build skips the probe.
// The server keeps the compiled parsers: this only runs where there is a document.
if (typeof document !== "undefined") config({ jitless: true });
