/**
 * The token endpoints of examples/ that run as servers of their own, each on its language's own server and under its
 * language's defaults (PHP without a php.ini, `php -n`, as the official container images run it), and how to start one
 * on a free loopback port.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** An example that serves `GET /account/storefront-token` on a server of its own. */
export interface EndpointServer {
  name: string;
  file: string;
  command: string;
  /** A command that fails when the interpreter is missing. */
  probe: string[];
  /** The Debian package that brings it, for the message when it is missing. */
  debianPackage: string;
  /** Arguments that serve the endpoint on a free port, which it prints. */
  serveArgs: string[];
  /**
   * What a server does when it starts without one of its settings: it refuses to start, naming it, or (PHP's built-in
   * server, which runs the file for each request) it starts and answers each request with a 500.
   */
  withoutSettings: 'refuses to start' | 'answers 500';
}

/** An example in a language other than JavaScript, which also checks a copy against examples/token-vectors.json. */
export interface Language extends EndpointServer {
  vectorsArgs: string[];
}

// A faster JVM start-up for short runs: the C1 compiler only, and the simplest collector.
const JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export const LANGUAGES: Language[] = [
  {
    name: 'PHP',
    file: 'examples/token-endpoint.php',
    command: 'php',
    probe: ['php', '--version'],
    debianPackage: 'php-cli',
    vectorsArgs: ['-n', 'examples/token-endpoint.php', 'vectors', 'examples/token-vectors.json'],
    // Port 0: PHP's built-in server takes a free port and prints it. -n: PHP's defaults, without a php.ini.
    serveArgs: ['-n', '-S', '127.0.0.1:0', 'examples/token-endpoint.php'],
    withoutSettings: 'answers 500',
  },
  {
    name: 'Python',
    file: 'examples/token_endpoint.py',
    command: 'python3',
    probe: ['python3', '--version'],
    debianPackage: 'python3',
    vectorsArgs: ['examples/token_endpoint.py', 'vectors', 'examples/token-vectors.json'],
    serveArgs: ['examples/token_endpoint.py', '0'],
    withoutSettings: 'refuses to start',
  },
  {
    name: 'Ruby',
    file: 'examples/token_endpoint.rb',
    command: 'ruby',
    probe: ['ruby', '--version'],
    debianPackage: 'ruby',
    vectorsArgs: ['examples/token_endpoint.rb', 'vectors', 'examples/token-vectors.json'],
    serveArgs: ['examples/token_endpoint.rb', '0'],
    withoutSettings: 'refuses to start',
  },
  {
    name: 'Java',
    file: 'examples/TokenEndpoint.java',
    command: 'java',
    // Running a source file needs the JDK's compiler, which a JRE lacks.
    probe: ['javac', '-version'],
    debianPackage: 'default-jdk-headless',
    vectorsArgs: [...JVM_FLAGS, 'examples/TokenEndpoint.java', 'vectors', 'examples/token-vectors.json'],
    serveArgs: [...JVM_FLAGS, 'examples/TokenEndpoint.java', '0'],
    withoutSettings: 'refuses to start',
  },
];

/** The Node example, run as a merchant runs it (the edge example is a fetch handler, which a test calls itself). */
export const NODE_SERVER: EndpointServer = {
  name: 'Node',
  file: 'examples/node-token-endpoint.ts',
  command: process.execPath,
  probe: [process.execPath, '--version'],
  debianPackage: 'nodejs',
  serveArgs: ['--import', 'tsx', 'examples/node-token-endpoint.ts'],
  withoutSettings: 'refuses to start',
};

export const installed = ({ probe: [command, ...args] }: EndpointServer) => spawnSync(command!, args, { stdio: 'ignore' }).status === 0;

/** The settings every example reads from its environment. */
export interface EndpointSettings {
  MERCHANT_PUBLIC_ID?: string;
  MERCHANT_HASH_KEY?: string;
  SESSION_SECRET?: string;
}

/** A started example: its process, and its origin once it said it listens. */
export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  /** What it has printed so far, on standard output and standard error together. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts an example's server with `settings` and resolves once it says where it listens. */
export function startServer(server: EndpointServer, settings: EndpointSettings): Promise<RunningServer> {
  const { MERCHANT_PUBLIC_ID: _id, MERCHANT_HASH_KEY: _key, SESSION_SECRET: _secret, ...inherited } = process.env;
  const child = spawn(server.command, server.serveArgs, { cwd: root, env: { ...inherited, PORT: '0', ...settings } });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const ended = new Promise((resolve) => child.once('close', resolve));
    child.kill();
    await ended;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${server.name}: no address within 20 s:\n${output}`)), 20_000);
    const listen = (chunk: Buffer) => {
      output += String(chunk);
      // Ours print "Token endpoint at http://127.0.0.1:<port>/…"; PHP's server "Development Server (http://127.0.0.1:<port>) started".
      const match = /(http:\/\/127\.0\.0\.1:[1-9]\d*)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, origin: match[1]!, output: () => output, stop });
      }
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`${server.name}: the server ended (${code}) before it listened:\n${output}`), { code, output }));
    });
  });
}
