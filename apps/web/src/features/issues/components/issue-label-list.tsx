import { IssueLabelBadge } from './issue-label-badge';

/** An issue's or pull request's GitHub labels, or nothing when it has none. */
export function IssueLabelList({ labels }: { labels: readonly { name: string; color: string }[] }) {
  if (labels.length === 0) return null;
  return (
    <ul aria-label="Labels" className="flex flex-wrap gap-1.5">
      {labels.map((label) => (
        <li key={label.name} className="max-w-full">
          <IssueLabelBadge name={label.name} color={label.color} />
        </li>
      ))}
    </ul>
  );
}
