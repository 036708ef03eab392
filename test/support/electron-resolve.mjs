// Resolve hook for the built-bundle test: `electron` is the recording stand-in of
// test/support/electron-module.ts, so out/main/index.js runs under plain Node unchanged.
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: new URL('./electron-module.ts', import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
