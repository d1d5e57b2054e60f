import { getRouteApi } from '@tanstack/react-router';
import { useParsedSearch } from '../../lib/parsed-search.ts';
import { ValidatorsPage } from './validators-page.tsx';
import { validatorsSearchSchema } from './validators-search.ts';

const validatorsRouteApi = getRouteApi('/console/tools/validators');

/** The validators with the value the address fills in (the command palette's "check IBAN …"). */
export function ValidatorsRoutePage() {
  return <ValidatorsPage fill={useParsedSearch(validatorsSearchSchema, validatorsRouteApi.useSearch())} />;
}
