// The last step of `npm run build`: the browser build's text files compressed once, at the best
// levels, into `.br` and `.gz` files beside them, which the server reads at start-up.
import path from "node:path";
import { precompressStaticFiles } from "../server/static-files";

const clientDir = path.join(import.meta.dirname, "..", "build", "client");
const started = performance.now();
const count = precompressStaticFiles(clientDir);
console.log(`precompressed ${count} files of ${path.relative(process.cwd(), clientDir)} in ${Math.round(performance.now() - started)} ms`);
