import { FileText as DocumentIcon } from "lucide";
import { Icon } from "../ui/icons";

/** Papers a student needs, one document icon per line. */
export function DocumentList({ documents, testId }: { documents: readonly string[]; testId?: string }) {
  return (
    <ul className="mt-3 grid gap-2 text-slate-700" data-testid={testId}>
      {documents.map((document) => (
        <li key={document} className="flex gap-2">
          <Icon icon={DocumentIcon} className="mt-0.5 text-brand-600" />
          {document}
        </li>
      ))}
    </ul>
  );
}
