// npm scripts put node_modules/.bin first on PATH, where the pinned `node` package installs Node 24.
// If its install script was skipped, scripts would silently run on the system's Node 20.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `SwapShed needs Node 24, but this is Node ${process.versions.node}.\n` +
      "Run `npm install` (without --ignore-scripts) so the pinned Node 24 is installed, then use `npm start` / `npm test`.",
  );
  process.exit(1);
}
