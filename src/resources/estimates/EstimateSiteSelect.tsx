import { useEffect } from 'react';
import { useGetManyReference, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { estimates, sites } from '../../schema';
import { ChoiceSelect } from '../../custom/forms/ChoiceSelect';
import { fieldLabel } from '../../custom/forms/FieldInput';
import { ALL_ROWS } from '../../custom/lists/pageLinks';

const siteName = (site: RaRecord) => (site.address1 ? `${site.name}, ${site.address1}` : String(site.name));

/**
 * The site of a new estimate (SPEC §2): the sites of the customer chosen in the same form,
 * the first one preselected whenever the customer changes.
 */
export function EstimateSiteSelect() {
  const customerID = useWatch({ name: 'customerID' });
  const { getValues, setValue, formState } = useFormContext();
  const { data: customerSites, isPending } = useGetManyReference(
    sites.name,
    {
      target: sites.parent!.field,
      id: customerID,
      pagination: { ...ALL_ROWS },
      sort: { field: sites.defaultSort.key, order: sites.defaultSort.direction },
    },
    { enabled: Boolean(customerID) },
  );
  const loaded = Boolean(customerID) && !isPending;

  useEffect(() => {
    const current = getValues('siteID');
    const options = { shouldValidate: formState.isSubmitted };
    if (!customerID) {
      if (current != null) setValue('siteID', null, options);
      return;
    }
    if (!customerSites) return;
    if (!customerSites.some((site) => site.id === current)) setValue('siteID', customerSites[0]?.id ?? null, options);
  }, [customerID, customerSites, getValues, setValue, formState.isSubmitted]);

  const helperText = !customerID
    ? 'Choose a customer first.'
    : loaded && customerSites?.length === 0
      ? 'This customer has no sites yet.'
      : undefined;

  return (
    <ChoiceSelect
      source="siteID"
      label={fieldLabel(estimates, 'siteID')}
      choices={(customerSites ?? []).map((site) => ({ id: site.id, name: siteName(site) }))}
      helperText={helperText}
      disabled={!loaded || customerSites?.length === 0}
    />
  );
}
