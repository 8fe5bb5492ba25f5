/**
 * Which host names and client addresses are this machine's. The sandbox trusts a program on this machine a little more
 * than a page: a request to a control route that carries no proof of its origin is answered only when it comes from
 * loopback, and only a developer on loopback gets the token doctor's diagnosis of a refused token.
 */

/** The text of a host name or an address without the brackets of an IPv6 literal, in lower case. */
const bare = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * Whether a host name or a client address can only be this machine: `localhost` and its subdomains, 127.0.0.0/8, `::1`,
 * and 127.0.0.0/8 as Node writes it for an IPv4 client of an IPv6 socket (`::ffff:127.0.0.1`).
 */
export function isLoopback(host: string | undefined): boolean {
  if (host === undefined) return false;
  const name = bare(host).replace(/^::ffff:(?=127\.)/, '');
  return name === 'localhost' || name.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(name) || name === '::1';
}

/**
 * The host name a request was sent to, from its `Host` header (`127.0.0.1:8787` gives `127.0.0.1`, `[::1]:8787` gives
 * `[::1]`), or undefined when the header is missing or is not a host.
 */
export function hostNameOf(hostHeader: string | null | undefined): string | undefined {
  if (!hostHeader) return undefined;
  try {
    const { hostname, host } = new URL(`http://${hostHeader}`);
    // Anything besides a host and a port, such as a path or a user name, is no Host header. `URL` drops port 80.
    return host === hostHeader.toLowerCase().replace(/:80$/, '') ? hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a server that serves loopback and the `allowed` host names and addresses answers a request for `host`. A name
 * that starts with a dot also allows its subdomains (`.example.test`), as Vite's `server.allowedHosts` does.
 */
export function isAllowedHost(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined) return false;
  if (isLoopback(host)) return true;
  const name = bare(host);
  return allowed.some((entry) => {
    const wanted = bare(entry);
    return wanted.startsWith('.') ? name === wanted.slice(1) || name.endsWith(wanted) : name === wanted;
  });
}
