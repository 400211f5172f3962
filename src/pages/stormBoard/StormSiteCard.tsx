import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import type { Identifier } from 'react-admin';
import type { SnowService } from '../../domain/snowPricing';
import { serviceLabel, SNOW_SERVICE_SHORT, type SnowVisit } from '../../resources/storms/snowVisit';
import { mapsLink } from '../schedule/TodayVisitCard';
import { SnowVisitDialog } from './SnowVisitDialog';
import { SnowVisitEntries } from './SnowVisitEntries';
import type { BoardSite } from './useStormBoard';
import { correctionValues, newVisitValues, type VisitFormValues } from './visitForm';

interface StormSiteCardProps {
  stormId: Identifier;
  site: BoardSite;
  /** The crew last logged on this board, to prefill the next visit. */
  crew: string;
  onCrew: (crew: string) => void;
}

/** The services a site's buttons offer: what its contract covers, and Other for anything else. */
const buttonServices = (services: readonly SnowService[]): SnowService[] => [...services.filter((service) => service !== 'other'), 'other'];

/** A contracted site on the storm board: where, what is contracted, one button per service, the visits logged. */
export function StormSiteCard({ stormId, site, crew, onCrew }: StormSiteCardProps) {
  const [form, setForm] = useState<{ initial: VisitFormValues; corrects?: SnowVisit } | null>(null);
  return (
    <Card component="article" aria-label={site.siteName} variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="h6" component="h2">
          {site.siteName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {site.customerName} · Agreement {site.agreementNumber}
        </Typography>
        {site.address && (
          <Link href={mapsLink(site.address)} target="_blank" rel="noopener noreferrer" variant="body2" sx={{ display: 'block', my: 1 }}>
            {site.address}
          </Link>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 1.5 }} aria-label="Contracted">
          {site.services.map((service) => (
            <Chip key={service} size="small" label={serviceLabel(service)} />
          ))}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1, mb: 2 }}>
          {buttonServices(site.services).map((service) => (
            <Button
              key={service}
              variant={service === 'other' ? 'outlined' : 'contained'}
              size="large"
              sx={{ minHeight: 56, fontSize: '1.1rem' }}
              onClick={() => setForm({ initial: newVisitValues(service, crew) })}
            >
              {SNOW_SERVICE_SHORT[service]}
            </Button>
          ))}
        </Box>
        <SnowVisitEntries visits={site.visits} onCorrect={(visit) => setForm({ initial: correctionValues(visit), corrects: visit })} />
      </CardContent>
      {form && (
        <SnowVisitDialog
          stormId={stormId}
          site={site}
          initial={form.initial}
          corrects={form.corrects}
          onClose={(saved, savedCrew) => {
            setForm(null);
            if (saved && savedCrew) onCrew(savedCrew);
          }}
        />
      )}
    </Card>
  );
}
