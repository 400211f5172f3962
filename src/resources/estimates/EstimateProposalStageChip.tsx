import { Chip } from '@mui/material';
import { useListContext } from 'react-admin';
import { PROPOSAL_STAGE_FILTER, proposalStageLabels, type ProposalStage } from '../../domain/pipeline';

/**
 * The proposal stage a link of Home's pipeline brought (issue 39), named so the user sees why
 * the list is short, with a cross that clears it.
 */
export function EstimateProposalStageChip() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  if (filterValues?.[PROPOSAL_STAGE_FILTER] === undefined) return null;
  const stages = ([] as ProposalStage[]).concat(filterValues[PROPOSAL_STAGE_FILTER]);
  const clear = () =>
    setFilters(Object.fromEntries(Object.entries(filterValues).filter(([key]) => key !== PROPOSAL_STAGE_FILTER)), displayedFilters);
  return (
    <Chip
      label={`Proposal: ${stages.map((stage) => proposalStageLabels[stage] ?? stage).join(', ')}`}
      onDelete={clear}
      sx={{ alignSelf: 'center' }}
    />
  );
}
