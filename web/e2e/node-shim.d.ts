// The few Node.js APIs the end-to-end run uses, declared here so that type checking needs no
// @types/node (the package's only dependencies are typescript and playwright-core).

declare const process: {
  env: Record<string, string | undefined>;
  argv: string[];
  exitCode: number | undefined;
  exit(code?: number): never;
  on(event: 'SIGINT' | 'SIGTERM' | 'exit', f: () => void): void;
  stdout: { write(s: string): boolean };
};

declare module 'node:child_process' {
  interface Readable { on(event: 'data', f: (chunk: { toString(): string }) => void): void }
  export interface ChildProcess {
    pid?: number;
    exitCode: number | null;
    stdout: Readable | null;
    stderr: Readable | null;
    kill(signal?: string): boolean;
    on(event: 'exit', f: (code: number | null, signal: string | null) => void): this;
  }
  export function spawn(cmd: string, args: string[], opts?: { stdio?: Array<'ignore' | 'pipe' | 'inherit'>; env?: Record<string, string | undefined> }): ChildProcess;
}

declare module 'node:fs' {
  export function mkdtempSync(prefix: string): string;
  export function mkdirSync(path: string, opts?: { recursive?: boolean }): void;
  export function rmSync(path: string, opts?: { recursive?: boolean; force?: boolean }): void;
  export function existsSync(path: string): boolean;
  export function readFileSync(path: string): Uint8Array;
  export function readFileSync(path: string, encoding: 'utf8'): string;
  export function readdirSync(path: string, opts: { withFileTypes: true }): Array<{ name: string; isDirectory(): boolean }>;
  export function writeFileSync(path: string, data: string): void;
  const fs: {
    mkdtempSync: typeof mkdtempSync; mkdirSync: typeof mkdirSync; rmSync: typeof rmSync;
    existsSync: typeof existsSync; readFileSync: typeof readFileSync; readdirSync: typeof readdirSync;
    writeFileSync: typeof writeFileSync;
  };
  export default fs;
}

declare module 'node:os' {
  export function tmpdir(): string;
}

declare module 'node:path' {
  export function join(...parts: string[]): string;
  export function resolve(...parts: string[]): string;
  export function dirname(p: string): string;
  export function relative(from: string, to: string): string;
}

declare module 'node:net' {
  interface Server {
    listen(port: number, host: string, f: () => void): this;
    address(): { port: number } | string | null;
    close(f?: () => void): void;
    on(event: 'error', f: (e: Error) => void): this;
  }
  export function createServer(): Server;
}

declare module 'node:url' {
  export function fileURLToPath(url: string | URL): string;
}

declare module 'node:http' {
  interface IncomingMessage { method?: string; on(event: 'data' | 'end', f: (chunk?: { toString(): string }) => void): void }
  interface ServerResponse { writeHead(status: number): ServerResponse; end(body?: string): void }
  interface Server {
    listen(port: number, host: string, f: () => void): this;
    close(f?: () => void): void;
  }
  export function createServer(f: (req: IncomingMessage, res: ServerResponse) => void): Server;
  const http: { createServer: typeof createServer };
  export default http;
}
