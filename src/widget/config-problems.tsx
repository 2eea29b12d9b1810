/**
 * Settings the widget could not use are the site developer's business (the console says each in
 * full): a reader sees one folded line they can ignore, the details under it.
 */
export function ConfigProblems({ problems }: { problems: readonly string[] }) {
  return (
    <details className="text-xs text-muted">
      <summary className="cursor-pointer">Some of this widget’s settings could not be used</summary>
      <p className="mt-1">For the site’s developer (also in the browser console); everything else works:</p>
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </details>
  );
}
