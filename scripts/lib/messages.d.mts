/** The types of messages.mjs. */
import type { CompilerOptions } from "@inlang/paraglide-js";

export declare const messagesOptions: CompilerOptions;
/** Compiles unless app/paraglide/ was compiled from the same inputs; answers whether it compiled. */
export declare function compileMessages(): Promise<boolean>;
