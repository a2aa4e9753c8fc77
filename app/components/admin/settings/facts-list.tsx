/** Label and value pairs (backup and system figures) as a description list. */
export function FactsList({ facts }: { facts: { label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="font-medium text-muted">{fact.label}</dt>
          <dd className="break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
