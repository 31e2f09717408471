import { Trash2 } from 'lucide-react';
import { useState } from 'react';

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface DeleteApiKeyButtonProps {
  name: string;
  onConfirm: () => void;
  isDeleting: boolean;
  disabled: boolean;
}

/** Delete, after a confirmation: workflows signing with the key stop working at once. */
export function DeleteApiKeyButton({
  name,
  onConfirm,
  isDeleting,
  disabled,
}: DeleteApiKeyButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="w-fit text-destructive hover:text-destructive"
          disabled={disabled}
          aria-busy={isDeleting || undefined}
        >
          {isDeleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
          Delete
          <span className="sr-only"> key {name}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete “{name}”?</AlertDialogTitle>
          <AlertDialogDescription>
            Workflows that use this key stop working at once. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Delete key
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
