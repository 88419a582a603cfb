import { Box, Heading } from '@chakra-ui/react';
import { AddCustomerForm } from './AddCustomerForm';

/** SPEC §2 Add Customer (/add-customer): the form; after a save it offers Do Service, Make Sale or Close. */
export default function AddCustomer() {
  return (
    <Box maxW="3xl">
      <Heading size="lg" mb="4">
        Add Customer
      </Heading>
      <AddCustomerForm />
    </Box>
  );
}
