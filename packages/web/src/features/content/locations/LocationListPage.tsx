import { Col, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineLoading } from '../../../components/LoadingOverlay.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { locationUi } from './locations.resource.tsx';

/** Leaflet and the outlines load after the table, in a chunk of their own. */
const LocationsMap = lazy(() => import('./map/LocationsMap.tsx'));

/**
 * Branches and ATMs: the table, and the map with every location clustered — beside the table on a
 * wide screen (≥ 1,600 px), below it on a laptop's, where beside it the table would scroll sideways.
 */
export default function LocationListPage() {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xxl={14}>
        <ResourceTable resource={locationUi} />
      </Col>
      <Col xs={24} xxl={10}>
        <Panel title={t('content.locations.map.title')}>
          <Suspense fallback={<InlineLoading text={t('content.locations.map.loading')} />}>
            <LocationsMap />
          </Suspense>
        </Panel>
      </Col>
    </Row>
  );
}
