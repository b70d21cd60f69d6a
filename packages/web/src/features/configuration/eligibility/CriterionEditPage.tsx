import { CriterionEditPage } from './CriterionForm.tsx';

export default CriterionEditPage;
