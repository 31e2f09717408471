import { useEffectEvent, useLayoutEffect } from 'react';

/**
 * Keeps what was typed into a server-rendered form before the app took the page over (pasted,
 * or filled in by a password manager, too). React leaves that text in the fields while it
 * hydrates, but not in the form's state: the form would treat them as empty, and its next render
 * would set them back. On the first layout, `keep` gets the text of each field named in
 * `fieldIds` that holds some, by id; what is typed after arrives through the fields' onChange.
 */
export function useTypedBeforeHydration<Id extends string>(
  fieldIds: readonly Id[],
  keep: (typed: Readonly<Partial<Record<Id, string>>>) => void,
): void {
  const readBack = useEffectEvent(() => {
    const typed: Partial<Record<Id, string>> = {};
    for (const id of fieldIds) {
      const field = document.getElementById(id);
      if (field instanceof HTMLInputElement && field.value !== '') typed[id] = field.value;
    }
    if (Object.keys(typed).length > 0) keep(typed);
  });
  useLayoutEffect(() => {
    readBack();
  }, []);
}
