/**
 * Every message a user can meet, in SPEC's own words (§4, §5, §8), including its spellings ('atleast').
 * Screens, schemas and server routes import these; none of them spells a message itself.
 */
export const MSG = {
  // §5 customer
  invalidRegistration: 'Invalid Registration Number',
  invalidVin: 'Invalid VIN',
  nameMin: 'Name should be atleast 1 character',
  nameMinServiceForm: 'Name should be at least 1 character',
  contactMin: 'Contact number should be atleast (10) digits. e.g {phone} or {phone}',
  invalidEmail: 'Please enter valid email address.',
  noteMax: 'Note should be at most 500 characters',
  lookupMin: 'Enter at least 3 characters',
  // §5 products
  titleMin: 'Title should be atleast 1 character',
  descriptionMin: 'Description should be atleast 1 character',
  priceMin: 'Price should be atleast 1 character',
  // §5 service request
  invalidMileage: 'Invalid Mileage',
  selectOneService: 'Select at least one(1) service',
  invalidDates: 'Invalid dates',
  invalidBookingDates: 'Invalid booking dates',
  // §5 estimate
  enterFirstName: 'Enter first name',
  enterLastName: 'Enter last name',
  selectAtLeastOneService: 'Select at least one service',
  // §5 invoice
  enterWorkHours: 'Enter work hours',
  enterRate: 'Enter rate/hour',
  zeroInvoice: 'Cannot save a zero invoice',
  addProductsFirst: 'Please add some products first.',
  onlyInStock: '{title} has only ({stock}) in stock',
  inventoryLow: 'Inventory low, cannot add this product',
  // §5 payments
  needValue: 'You need to have a value',
  invalidPayment: 'Invalid payment',
  invalidPoints: 'Invalid points.',
  notEnoughPoints: 'You dont have enough points.',
  // §5 other
  fileTooLarge: 'File size should be less than 10MB',
  writeSomething: 'You need to write something!',
  enterValidUsername: 'Enter valid username',
  selectStartDate: 'Select start date',
  selectEndDate: 'Select end date',
  reportRange: 'Do reports within 365 days',
  reportOrder: 'The start date must be on or before the end date.',
  clickDeleteToConfirm: 'Click delete to confirm.',
  // §4 states
  cannotUpdateFinal: 'Cannot update final requests',
  invoiceRequired: 'An invoice is required to complete job',
  customerBlocked: 'Customer is Blocked. Please contact Admin.',
  mustSaveFirst: 'Must save changes before you make a payment.',
  // §8 catalogue
  requestFailedProducts: 'Request failed - Products',
  requestFailedServices: 'Request failed - Services',
  restartApp: 'Please restart application.',
  restartAppNetwork: 'Please restart application. Network Error.',
  customerNotFoundUpper: 'Customer NOT FOUND.',
  customerNotFoundRetry: 'Customer not found, try again.',
  couldNotPay: 'Could not make payment, please Save and try again.',
  couldNotDiscount: 'Could not apply discount.',
  couldNotPoints: 'Could not apply points.',
  failedProcessRetry: 'Failed to apply process. Try again',
  failedProcess: 'Failed to apply process.',
  noRecordFound: 'No record found {id}',
  productsAdjusted: 'Please press "Save Changes", products total have been adjusted.',
  somethingWentWrong: 'Something went wrong {message}',
  requestTimeout: 'Request timeout.',
  networkError: 'Network Error',
  // §2 screens and confirmations
  fallbackError: 'Something went wrong:',
  confirmStatus: 'Update job {id} to {status}?',
  confirmAssign: 'Assign job {id} to {user}?',
  confirmCancel: 'Are you sure you want to cancel this job?',
  confirmRemoveTransaction: 'Are you sure you want to remove transaction?',
  configNotice: 'Please close and re-open application for changes to take effect',
  noInvoice: 'No invoice generated!',
  // server-side messages where SPEC is silent (docs/DECISIONS.md)
  loginFailed: 'Invalid username or password',
  loginRateLimited: 'Too many failed sign-ins. Wait a minute and try again.',
  unauthorized: 'Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  discountOnce: 'A discount has already been applied to this invoice.',
  chooseDiscount: 'Select a discount.',
  supplierNameRequired: 'Business name is required',
  configDescriptionRequired: 'Description is required',
  configAmountNumber: 'Amount must be a number',
  inventoryFieldRequired: '{field} is required',
  inventoryNumber: '{field} must be a number',
  invalidId: 'Invalid id',
  invoicePaidLocked: 'This invoice is paid in full and cannot be changed.',
  invoiceDeletePaid: 'Only invoices with an amount due can be deleted.',
  idempotencyMismatch: 'This request key was already used for a different request.',
  duplicateNumber: 'This number is already used by another record.',
  vinTaken: 'This VIN is already registered to {name}.',
  usernameTaken: 'That username is already taken.',
  usernameMax: 'Username should be at most 12 characters',
  passwordMax: 'Password should be at most 12 characters',
  passwordRequired: 'Enter a password',
  permissionRange: 'Select a permission from 2 to 5',
  lastSuperAdmin: 'BayBook needs at least one Super Admin.',
  cannotRemoveSelf: 'You cannot remove yourself.',
  cannotLowerOwnPermission: 'You cannot lower your own permission.',
  configAmountRequired: 'Amount is required.',
  imagesOnly: 'Only image files can be uploaded.',
  itemReturnInvalid: 'Check an item, enter a quantity up to the quantity sold and write the reason.',
  // the device: its storage, its session, its updates (docs/ARCHITECTURE.md "src/app — the shell")
  storageProtected: 'Storage protected',
  storageProtectedHint: 'The browser keeps this device\'s data even when space runs short ({free} free).',
  storageNotProtected: 'Storage not protected',
  storageNotProtectedHint: 'The browser may clear this device\'s data when space runs short: install BayBook on this device to protect it ({free} free).',
  storageLow: 'Device storage is nearly full: sync, then free space',
  storageNoRoomForPhoto: 'This device has no room to keep this photo until it is sent ({free} free). Sync the waiting changes or free space on the device, then try again.',
  storageFull: 'This device is out of storage, so this change was not saved. Sync the waiting changes or free space on the device, then try again.',
  heldOne: '1 change waits for {user} to sign in',
  heldMany: '{count} changes wait for {user} to sign in',
  updateReady: 'A new version of BayBook is ready.',
  updateWaitsForSync: 'Changes are being sent: Reload once they are on the server.',
} as const;

export type MessageKey = keyof typeof MSG;

/** Fill `{name}` placeholders: fill(MSG.onlyInStock, { title: 'Oil filter', stock: 2 }). */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
