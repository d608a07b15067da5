/** The types of production-server.mjs (plain JavaScript for the measuring scripts), for the TypeScript ones. */
export declare const root: string;
export declare const startFlags: string[];
export declare function freePort(): Promise<number>;
export declare function startProductionServer(options?: {
  cpu?: number;
  env?: Record<string, string>;
  dataDir?: string;
}): Promise<{ url: string; port: number; pid: number; stop(): Promise<void> }>;
export declare function median(values: number[]): number;
