import type { ComponentType, ReactNode } from 'react';
import type { MigrationSection } from '../../../contract/consumer-migration-fields.ts';

/**
 * How a migration's fields are shown in the form's sections, in words: the migration feature's view,
 * handed in by the app (features do not import each other), so the record pages say exactly what the
 * form and its result say.
 */
export interface MigrationViews {
  /** The fields in the form's sections; `notes` are said under a section's title. */
  Sections: ComponentType<{
    record: Record<string, unknown>;
    notes?: Partial<Record<MigrationSection, ReactNode>>;
    idPrefix?: string;
  }>;
  /** The fields the platform sets itself (salutation, change reason, notice period unit), explained. */
  Derived: ComponentType<{ record: Record<string, unknown>; idPrefix?: string }>;
  /** A field's label in the UI language (rows by dotted path), for the platform's field errors. */
  fieldLabel: (name: string) => string | undefined;
}
