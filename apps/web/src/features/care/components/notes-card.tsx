import { zodResolver } from '@hookform/resolvers/zod';
import { NOTE_MAX_LENGTH, NoteCreateInput } from '@vigil/domain';
import { LoaderCircle, NotebookPen } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CardError, CardLoading, CardStale } from '@/components/card-states/card-states.tsx';
import { FieldError } from '@/components/form/field-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatDateTime } from '@/lib/date-time.ts';
import { describeError } from '@/lib/error-message.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useCreateNote } from '../api/create-note.ts';
import { useNotes } from '../api/get-notes.ts';

/** The note as typed, then the domain's note input. */
const NoteFormSchema = z
  .object({ content: z.string().trim().min(1, 'Write the note before adding it') })
  .pipe(NoteCreateInput);

/** Patient Notes (spec point 2): an add form and "Previous Notes", newest first, each with who wrote it and when. */
export function NotesCard({ patientId }: { patientId: number }) {
  const id = useId();
  const { data: notes, error } = useNotes(patientId);
  // Spec point 8: "Note added successfully" / "The patient note has been saved.", or "Failed to add note".
  const create = useCreateNote(patientId, {
    onSuccess: () => toastSuccess('Note added successfully', 'The patient note has been saved.'),
    onError: (error) => toastError('Failed to add note', describeError(error)),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(NoteFormSchema), defaultValues: { content: '' } });
  const fieldError = errors.content?.message;

  const onSubmit = handleSubmit(({ content }) =>
    create.mutate(content, { onSuccess: () => reset({ content: '' }) }),
  );

  return (
    <Card role="region" aria-labelledby="notes-heading">
      <CardHeader>
        <CardTitle id="notes-heading" className="flex items-center gap-2">
          <NotebookPen className="size-5 text-primary" aria-hidden="true" />
          Patient Notes
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
          <Label htmlFor={`${id}-note`}>New note</Label>
          <Textarea
            id={`${id}-note`}
            placeholder="Add a note about the patient's condition..."
            maxLength={NOTE_MAX_LENGTH}
            rows={3}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
            {...register('content')}
          />
          <FieldError id={`${id}-error`} message={fieldError} />
          <Button type="submit" className="self-start" disabled={create.isPending}>
            {create.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Add note
          </Button>
        </form>
        <div className="flex flex-col gap-2">
          <h3 className="font-medium text-sm">Previous Notes</h3>
          {notes && error && <CardStale what="notes" error={error} />}
          {notes ? (
            notes.length > 0 ? (
              <ul className="flex flex-col gap-2" aria-label="Previous Notes">
                {notes.map((note) => (
                  <li key={note.id} className="rounded-lg border bg-muted/40 p-3">
                    <p className="whitespace-pre-wrap break-words text-sm">{note.content}</p>
                    <p className="mt-1 text-muted-foreground text-xs">
                      <span data-note-author="">{note.createdByName ?? 'Unknown author'}</span>
                      {' · '}
                      <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground text-sm">No notes yet.</p>
            )
          ) : error ? (
            <CardError what="notes" error={error} />
          ) : (
            <CardLoading label="Loading notes" />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
