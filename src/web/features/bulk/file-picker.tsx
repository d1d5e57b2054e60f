import { plural, t } from '@lingui/core/macro';
import { useId, useState, type DragEvent } from 'react';
import { AMOUNT_COLUMNS, bulkColumns, type BulkKind } from '../../../contract/bulk.ts';
import { bulkTemplate } from '../../../contract/bulk-template.ts';
import { separatorsOf } from '../../../contract/locale-number.ts';
import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { downloadBlob } from '../../lib/download.ts';

/** The file input, a drop zone around it, and the columns a file of this kind may have. */
export function FilePicker({
  kind,
  chosen,
  onPick,
}: {
  kind: BulkKind;
  /** The chosen file's name, said beside the input (a browser's own words for it vary, some say nothing). */
  chosen: string;
  onPick: (file: File | undefined) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const [showOptional, setShowOptional] = useState(false);
  const columns = bulkColumns(kind);
  const requiredColumns = columns.filter((column) => column.required).map((column) => column.name);
  // The amount is required too, in one of two columns: said so, not left among the optional ones.
  const required =
    kind === 'charges'
      ? t`${requiredColumns.join(', ')}, and the amount as amount_eur (euros) or amount_cent (whole cents)`
      : requiredColumns.join(', ');
  const optionalColumns = columns
    .filter((column) => !column.required && !AMOUNT_COLUMNS.some((amount) => amount === column.name))
    .map((column) => column.name);
  const downloadTemplate = () => {
    // The UI language's spreadsheet: German Excel opens `;` files with decimal commas as its own.
    const delimiter = separatorsOf(currentFormattingLocale()).decimal === ',' ? ';' : ',';
    downloadBlob(
      new Blob([bulkTemplate(kind, delimiter)], { type: 'text/csv;charset=utf-8' }),
      `${kind}-template.csv`,
    );
  };
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
      {chosen && (
        <p className="dropzone__chosen" data-testid="bulk-chosen-file">
          {t`Chosen file:`} <strong>{chosen}</strong>
        </p>
      )}
      <p className="hint" id={`${id}-hint`}>
        {t`Or drop it here. Comma or semicolon separated (numbers as the separator suggests: 1.234,56 with semicolons, 1,234.56 with commas), UTF-8, Windows-1252 or UTF-16 as Excel saves them, one header line naming the fields. Required: ${required}.`}
        {kind === 'charges' &&
          ` ${t`Without input_id, each row gets one that stays the same on every retry.`}`}
      </p>
      <button
        type="button"
        className="button button--secondary dropzone__template"
        onClick={downloadTemplate}
      >
        {t`Download a template (CSV)`}
      </button>
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
