import { NewServiceCatalogue } from '../components/NewServiceCatalogue.tsx';

/** /new-service-management/basic-services: where 去新服务 leads for a basic service. */
export default function BasicServicesPage() {
  return <NewServiceCatalogue type="basic" />;
}
