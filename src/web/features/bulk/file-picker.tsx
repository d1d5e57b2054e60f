import { plural, t } from '@lingui/core/macro';
import { useId, useState, type DragEvent } from 'react';
import { bulkColumns, type BulkKind } from '../../../contract/bulk.ts';

/** The file input, a drop zone around it, and the columns a file of this kind may have. */
export function FilePicker({ kind, onPick }: { kind: BulkKind; onPick: (file: File | undefined) => void }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const [showOptional, setShowOptional] = useState(false);
  const columns = bulkColumns(kind);
  const required = columns
    .filter((column) => column.required)
    .map((column) => column.name)
    .join(', ');
  const optionalColumns = columns.filter((column) => !column.required).map((column) => column.name);
  const optional = optionalColumns.join(', ');
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onPick(event.dataTransfer.files[0]);
  };
  return (
    <div
      className={`dropzone${over ? ' dropzone--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={id}>{t`CSV file`}</label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p className="hint" id={`${id}-hint`}>
        {t`Or drop it here. Comma or semicolon separated (numbers as the separator suggests: 1.234,56 with semicolons, 1,234.56 with commas), UTF-8, Windows-1252 or UTF-16 as Excel saves them, one header line naming the fields. Required: ${required}.`}
        {kind === 'charges' &&
          ` ${t`Without input_id, each row gets one that stays the same on every retry.`}`}
      </p>
      {/* A migration has dozens of optional columns: listed on request, not as a wall of text. (A
          button rather than <details>, whose group role would stand beside the run's confirmation.) */}
      <button
        type="button"
        className="dropzone__columns"
        aria-expanded={showOptional}
        aria-controls={`${id}-optional`}
        onClick={() => setShowOptional((shown) => !shown)}
      >
        {plural(optionalColumns.length, { one: '# optional column', other: '# optional columns' })}
      </button>
      <p className="hint" id={`${id}-optional`} hidden={!showOptional}>
        {optional}
      </p>
    </div>
  );
}
