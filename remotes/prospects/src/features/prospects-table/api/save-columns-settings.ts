import { useMutation } from '@tanstack/react-query';
import { columnsSettingsSave } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /prospects/columnsSettings: the user's layout, saved per user. */
export const saveColumnsMutation = routeMutation(columnsSettingsSave, { invalidates: () => [prospectsKeys.columns()] });
export const useSaveColumnsSettings = () => useMutation(saveColumnsMutation);
