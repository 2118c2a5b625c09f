// Node module hooks (module.register): `import ... from 'electron'` gets the recording
// stand-in next to this file instead of the real package, which has no binary here.
const STUB_URL = new URL('./electron-stub.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: STUB_URL, shortCircuit: true };
  return nextResolve(specifier, context);
}
