/** Reads a Content-Security-Policy header value into directive → sources, for assertions. */
export function parseContentSecurityPolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name === undefined || name === '') continue;
    if (directives.has(name)) throw new Error(`CSP lists ${name} twice: ${policy}`);
    directives.set(name, sources);
  }
  return directives;
}
