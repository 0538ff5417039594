import { NewServiceCatalogue } from '../components/NewServiceCatalogue.tsx';

/** /new-service-management/value-added-services: where 去新服务 leads for a value-added (increment) service. */
export default function ValueAddedServicesPage() {
  return <NewServiceCatalogue type="increment" />;
}
