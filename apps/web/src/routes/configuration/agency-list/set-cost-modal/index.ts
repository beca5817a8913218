export { SetCostModal, type SetCostModalProps } from './set-cost-modal';
