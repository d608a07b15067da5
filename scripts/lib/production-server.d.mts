/** The types of production-server.mjs (plain JavaScript for the measuring scripts), for the TypeScript ones. */
export declare const root: string;
export declare const startFlags: string[];
export declare function freePort(): Promise<number>;
export declare function startProductionServer(options?: {
  cpu?: number;
  env?: Record<string, string>;
  dataDir?: string;
  build?: boolean;
}): Promise<{ url: string; port: number; pid: number; stop(): Promise<void>; kill(): Promise<void> }>;
export declare function median(values: number[]): number;
export declare function seedAccounts(
  dataDir: string,
  accounts: { email: string; password: string; name: string; role: string }[],
  env?: Record<string, string>,
): void;
