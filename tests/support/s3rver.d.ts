/** s3rver 3.7 ships no types: the part the tests use. */
declare module "s3rver" {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs: string[] }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
