import {
  createElement,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { cn } from "~/lib/cn";
import { m } from "~/paraglide/messages";

type Labelled = { label: string; error?: string | undefined; hint?: string; className?: string };

/** What a field needs from Conform's `useForm` (its `fields.x`): name, what to show, and the error. */
export type FieldMeta = { name: string; key?: string | undefined; initialValue?: unknown; errors?: string[] | undefined };

/** With a Conform field: its name, initial value and first error, unless given explicitly. */
function fromMeta(meta: FieldMeta | undefined, props: { name?: string; error?: string | undefined; defaultValue?: unknown }) {
  if (!meta) return { name: props.name ?? "", error: props.error, defaultValue: props.defaultValue, key: undefined };
  return {
    name: meta.name,
    error: props.error ?? meta.errors?.[0],
    defaultValue: props.defaultValue ?? (typeof meta.initialValue === "string" ? meta.initialValue : undefined),
    key: meta.key,
  };
}

const control =
  "mt-1 block w-full rounded-md border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 disabled:bg-slate-100 disabled:text-slate-600";

/** The white box with the slate border every select stands in. */
const selectBox = "rounded-md border border-slate-400 bg-white";

/** Where a select stands: in a form like the text fields, in a search bar, under its own label in a filter row, in a table row. */
const selectLooks = {
  field: control,
  filter: "h-11 px-3 text-base font-normal",
  stacked: "mt-1 block w-full px-3 py-2",
  compact: "px-2 py-1",
} as const;

/** A search bar's text box, as tall as its selects and its button. */
export const filterControl = `${selectBox} ${selectLooks.filter}`;

/** Every select (SelectField is one in a form); `look` says where it stands. */
export function Select({
  look = "filter",
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { look?: keyof typeof selectLooks }) {
  return <select className={cn(selectBox, selectLooks[look], className)} {...props} />;
}

/** A search bar's labelled control: the label above, the control (a Select, or an input with filterControl) under it. */
export function FilterField({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, inside the label.
    <label className={cn("grid gap-1 text-sm font-semibold text-slate-800", className)}>
      {label}
      {children}
    </label>
  );
}

/**
 * The label, the error (or hint) beside the control, and the ids that tie them together
 * through aria-describedby; `control` renders the input or text area itself.
 */
function Labelled({
  label,
  error,
  hint,
  className = "",
  control: render,
}: Labelled & { control: (aria: Record<string, string | boolean | undefined>) => ReactNode }) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {render({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A search bar's choice of one of `options` (shown as they are) or of all (`allLabel`, the empty value). */
export function FilterSelect({
  label,
  allLabel,
  options,
  ...select
}: { label: string; allLabel: string; options: readonly SelectOption[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FilterField label={label}>
      <Select {...select}>
        <option value="">{allLabel}</option>
        <Options options={options} />
      </Select>
    </FilterField>
  );
}

/** A search bar's text box for its words (`q`), under its label. */
export function FilterSearch({
  label,
  className,
  ...input
}: { label: string; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "type" | "className">) {
  return (
    <FilterField label={label} className={className}>
      <input name="q" type="search" {...input} className={filterControl} />
    </FilterField>
  );
}

type WithMeta = { field?: FieldMeta; name?: string };
type InputProps = Labelled & WithMeta & InputHTMLAttributes<HTMLInputElement>;
type TextAreaProps = Labelled & WithMeta & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled input with its error (or hint) beside it; `field` is Conform's metadata for it. */
export function Field(props: InputProps) {
  return <TextControl element="input" {...props} />;
}

/** A labelled text area with its error (or hint) beside it. */
export function TextAreaField(props: TextAreaProps) {
  return <TextControl element="textarea" {...props} />;
}

/** Field and TextAreaField: Conform's name, value and error (or the ones given) on the `element`, in its Labelled. */
function TextControl({
  element,
  label,
  field,
  hint,
  className,
  ...rest
}: (InputProps | TextAreaProps) & { element: "input" | "textarea" }) {
  const { name, error, defaultValue, key } = fromMeta(field, rest);
  const { error: _error, defaultValue: _defaultValue, name: _name, ...attributes } = rest;
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(aria) =>
        createElement(element, {
          key,
          name,
          defaultValue,
          className: cn(control, error ? "border-red-700" : "border-slate-400"),
          ...aria,
          ...attributes,
        })
      }
    />
  );
}

/** One option of a SelectField: its value, shown as is, or with a label of its own. */
/** A choice of a select: its value shown as it is, or a value shown by its label. */
export type SelectOption = string | { value: string; label: string };

function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) =>
    typeof option === "string" ? (
      <option key={option}>{option}</option>
    ) : (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ),
  );
}

/**
 * A labelled select with its error (or hint) beside it; `field` is Conform's metadata for it.
 * `placeholder` adds a first, empty choice ("Choose…"); `fallback` is chosen when the field has no value yet.
 */
export function SelectField({
  field,
  options,
  placeholder,
  fallback = "",
  required,
  onChange,
  ...labelled
}: {
  label: string;
  field: FieldMeta;
  options: readonly SelectOption[];
  /** For a page that reacts to the choice at once (the university suggestions follow the country). */
  onChange?: (value: string) => void;
  placeholder?: string;
  fallback?: string;
  hint?: string;
  className?: string;
  required?: boolean;
}) {
  const { name, error, defaultValue, key } = fromMeta(field, {});
  return (
    <Labelled
      {...labelled}
      error={error}
      control={(aria) => (
        <Select
          look="field"
          key={key}
          name={name}
          defaultValue={typeof defaultValue === "string" ? defaultValue : fallback}
          required={required}
          onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
          className={error ? "border-red-700" : undefined}
          {...aria}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          <Options options={options} />
        </Select>
      )}
    />
  );
}

/** A message about the whole form (not one field). */
export function FormMessage({ children, tone = "error" }: { children: React.ReactNode; tone?: "error" | "success" | "info" }) {
  const styles = {
    error: "border-red-600 bg-red-50 text-red-900",
    success: "border-emerald-600 bg-emerald-50 text-emerald-900",
    info: "border-brand-600 bg-brand-50 text-brand-900",
  };
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border-l-4 px-4 py-3 text-sm ${styles[tone]}`}>
      {children}
    </div>
  );
}

// Fields whose ids follow their names (one form per page: the contact and enrolment forms).

/**
 * A field people never see (display: none) and bots fill in. The server accepts a
 * filled one silently and stores nothing.
 */
export function HoneypotField() {
  return (
    <div className="hidden">
      <label htmlFor="website">{m.forms_honeypot_label()}</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
