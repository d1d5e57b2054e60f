import type { ComponentType } from 'react';
import type { MigrationSection } from '../../../contract/consumer-migration-fields.ts';
import { BillingAddressSection, DeliveryAddressSection } from './address-sections.tsx';
import { ConsumerSection } from './consumer-section.tsx';
import { ContactSection } from './contact-section.tsx';
import { ContractTermsSection } from './contract-terms-section.tsx';
import { OtherSection } from './other-section.tsx';
import { PaymentSection } from './payment-section.tsx';
import { PreviousSupplierSection } from './previous-supplier-section.tsx';
import { PricesSection } from './prices-section.tsx';
import { ProductSpecificsSection } from './product-specifics-section.tsx';
import { RelationshipsSection } from './relationships-section.tsx';
import { SupplySection } from './supply-section.tsx';
import { SupplyStartSection } from './supply-start-section.tsx';

/**
 * The component that lays out each section of the field table (which fields, in which order: the
 * contract's table; how they stand beside each other and when they show: here).
 */
export const SECTION_CONTENT: Record<MigrationSection, ComponentType> = {
  consumer: ConsumerSection,
  contact: ContactSection,
  'delivery-address': DeliveryAddressSection,
  'billing-address': BillingAddressSection,
  supply: SupplySection,
  prices: PricesSection,
  'contract-terms': ContractTermsSection,
  'supply-start': SupplyStartSection,
  payment: PaymentSection,
  'previous-supplier': PreviousSupplierSection,
  relationships: RelationshipsSection,
  'product-specifics': ProductSpecificsSection,
  other: OtherSection,
};
