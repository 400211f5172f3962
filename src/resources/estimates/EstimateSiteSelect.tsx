import { useEffect } from 'react';
import { useGetManyReference, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { estimates, sites } from '../../schema';
import { ChoiceSelect } from '../../admin/forms/ChoiceSelect';
import { fieldLabel } from '../../admin/forms/FieldInput';
import { ALL_ROWS } from '../../admin/lists/pageLinks';

const siteName = (site: RaRecord) => (site.address1 ? `${site.name}, ${site.address1}` : String(site.name));

/**
 * The site of a new estimate (SPEC §2): the sites of the customer chosen in the same form, as
 * they are now (fetched again whenever the select appears, never a cached list), the first one
 * chosen whenever the select holds none of them — when the customer changes, and also when the
 * form is reset under it (the form's first reset runs after this input's first effects, so a
 * list already in the cache would otherwise be chosen from and then wiped).
 */
export function EstimateSiteSelect() {
  const customerID = useWatch({ name: 'customerID' });
  const siteID = useWatch({ name: 'siteID' });
  const { setValue, formState } = useFormContext();
  const {
    data: customerSites,
    isPending,
    isFetching,
  } = useGetManyReference(
    sites.name,
    {
      target: sites.parent!.field,
      id: customerID,
      pagination: { ...ALL_ROWS },
      sort: { field: sites.defaultSort.key, order: sites.defaultSort.direction },
    },
    { enabled: Boolean(customerID), refetchOnMount: 'always' },
  );
  // A cached list shows nothing until the current one is in: a site added since must be offered.
  const loaded = Boolean(customerID) && !isPending && !isFetching;

  useEffect(() => {
    const options = { shouldValidate: formState.isSubmitted };
    if (!customerID) {
      if (siteID != null) setValue('siteID', null, options);
      return;
    }
    if (!loaded || !customerSites) return;
    if (!customerSites.some((site) => site.id === siteID)) setValue('siteID', customerSites[0]?.id ?? null, options);
  }, [customerID, siteID, loaded, customerSites, setValue, formState.isSubmitted]);

  const helperText = !customerID
    ? 'Choose a customer first.'
    : loaded && customerSites?.length === 0
      ? 'This customer has no sites yet.'
      : undefined;

  return (
    <ChoiceSelect
      source="siteID"
      label={fieldLabel(estimates, 'siteID')}
      choices={(loaded ? (customerSites ?? []) : []).map((site) => ({ id: site.id, name: siteName(site) }))}
      helperText={helperText}
      disabled={!loaded || customerSites?.length === 0}
    />
  );
}
