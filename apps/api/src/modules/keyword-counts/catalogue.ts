import {
  type AdvancedInformationList,
  type AdvancedInformationListResponse,
  type AdvancedInformationTypeResponse,
  advancedInformationItemOf,
  fieldsOfList,
  fieldsOfType,
  INFORMATION_TYPES,
  type InformationType,
  isInformationType,
  typesOfList,
} from '@app/contracts';

/** `GET /configuration/list-advance-information` (consumer) and `-b2b`: one list's fields. */
export const advancedInformationOf = (list: AdvancedInformationList): AdvancedInformationListResponse => ({
  result: 'success',
  data: fieldsOfList(list).map(advancedInformationItemOf),
});

/** `GET /configuration/list-advance-information-type?type=`: one type's fields, or every type of a list. */
export function advancedInformationTypes(
  type: InformationType | AdvancedInformationList,
): AdvancedInformationTypeResponse {
  const types = isInformationType(type) ? [type] : typesOfList(type);
  return {
    result: 'success',
    data: types.map((t) => ({
      type: t,
      label: INFORMATION_TYPES[t].label,
      list: INFORMATION_TYPES[t].list,
      fields: fieldsOfType(t).map(advancedInformationItemOf),
    })),
  };
}
