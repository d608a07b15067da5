/** A consultant's page before staff have added their consultant profile (the role alone is not a profile). */
export function NoConsultantProfile() {
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
      Your consultant profile has not been set up yet. Ask a manager to add you under Add Consultant with this account's e-mail; then your
      slots and appointments appear here.
    </p>
  );
}
