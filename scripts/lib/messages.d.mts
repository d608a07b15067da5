/** The types of messages.mjs. */
import type { CompilerOptions } from "@inlang/paraglide-js";

export declare const messagesOptions: CompilerOptions;
export declare function compileMessages(): Promise<void>;
