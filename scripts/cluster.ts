// `npm run cluster`: N instances (CLUSTER_INSTANCES or --instances, default 2) of the production build
// on one PostgreSQL database (a new one on TEST_DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432,
// dropped on stop), Redis (REDIS_URL, else redis://127.0.0.1:6379) and an S3 stand-in (s3rver), behind
// nginx as the one address, TRUST_PROXY set. Prints the balancer's URL and the instances'; Ctrl-C or
// SIGTERM stops everything it started.
import { parseArgs } from "node:util";
import { startCluster } from "./lib/cluster";

const { values } = parseArgs({ options: { instances: { type: "string" } } });
const instances = Number(values.instances ?? process.env.CLUSTER_INSTANCES ?? 2);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error("cluster: --instances must be a whole number from 1 to 16");
  process.exit(2);
}

try {
  const cluster = await startCluster({
    instances,
    postgresServer: process.env.TEST_DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
  });
  console.log(`Onward cluster: ${cluster.url} (nginx)`);
  for (const [index, instance] of cluster.instances.entries())
    console.log(`  instance ${index + 1}: ${instance.url} (pid ${instance.pid})`);
  console.log("Ctrl-C stops everything.");
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("stopping the cluster…");
    await cluster.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
} catch (error) {
  console.error(`cluster: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
