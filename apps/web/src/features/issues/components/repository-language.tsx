import { languageColor } from '@openstake/core';

/** A repository's main language with its colour dot. */
export function RepositoryLanguage({ language }: { language: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="size-2.5 rounded-full"
        style={{ backgroundColor: languageColor(language) }}
      />
      {language}
    </span>
  );
}
