import type { AnchorHTMLAttributes, ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** The looks every button and button-like link shares (AA contrast on white and on brand-50). */
const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50",
  neutral: "bg-slate-700 text-white hover:bg-slate-800",
  outline: "border border-slate-400 bg-white text-slate-800 hover:bg-slate-50",
  inverse: "bg-white text-brand-800 hover:bg-brand-50",
} as const;

const sizes = {
  lg: "px-5 py-3",
  md: "px-5 py-2.5",
  sm: "px-3 py-2 text-sm",
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;
type Look = { variant?: ButtonVariant; size?: ButtonSize };

export function buttonClasses({ variant = "primary", size = "md" }: Look = {}, className?: string): string {
  return cn(
    "inline-flex items-center justify-center rounded-md font-semibold disabled:opacity-60",
    variants[variant],
    sizes[size],
    className,
  );
}

/**
 * A button (type "submit" unless told otherwise). `pending` disables it while its form is
 * being sent, so a second click does not send it twice.
 */
export function Button({
  variant,
  size,
  pending = false,
  className,
  type = "submit",
  disabled,
  ...props
}: ComponentProps<"button"> & Look & { pending?: boolean }) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClasses({ variant, size }, className)}
      {...props}
    />
  );
}

/** A link that looks like a button: a plain `<a>` (client navigation is delegated, ADR 012). */
export function LinkButton({
  variant,
  size = "lg",
  className,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & Look & { href: string }) {
  return <a className={buttonClasses({ variant, size }, className)} {...props} />;
}
