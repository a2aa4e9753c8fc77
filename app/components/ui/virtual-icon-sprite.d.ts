// The icon sprite's URL, provided by scripts/vite-icon-sprite.ts: /assets/icons-<content hash>.svg in a build,
// a fixed dev URL under `npm run dev` and Vitest.
declare module "virtual:icon-sprite" {
  const url: string;
  export default url;
}
