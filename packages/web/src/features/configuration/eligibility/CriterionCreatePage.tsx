import { CriterionCreatePage } from './CriterionForm.tsx';

export default CriterionCreatePage;
