import { memo, type ReactNode } from 'react';

/** A titled, collapsible section of a long form; its content stays mounted (and registered) when closed. */
export const FormSection = memo(function FormSection({
  id,
  title,
  open,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onToggle: (id: string, open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <details
      className="card form-section"
      id={`section-${id}`}
      open={open}
      onToggle={(event) => {
        const nowOpen = event.currentTarget.open;
        if (nowOpen !== open) onToggle(id, nowOpen);
      }}
    >
      <summary>
        <h2>{title}</h2>
      </summary>
      <div className="form-section__body">{children}</div>
    </details>
  );
});
