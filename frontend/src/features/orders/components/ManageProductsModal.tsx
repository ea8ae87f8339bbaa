import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import toast from 'react-hot-toast';
import { MESSAGES, checkProductName } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { useCreateProductMutation, useSearchProductsQuery } from '../api';
import { DataTable } from '../../../components/DataTable';
import type { ProductView } from '../api';
import type { DataColumn } from '../../../components/DataTable';
import { ReasonButton } from '../../../components/ReasonButton';

/** Each product, and whether it is sold by subscription. */
const PRODUCT_COLUMNS: DataColumn<ProductView>[] = [
  { label: 'Product Name', cell: (product) => product.name },
  { label: 'Subscription', cell: (product) => (product.subscription ? 'Yes' : 'No') },
];

/** 'Manage products': the counts, a new-product form and the products table. */
export function ManageProductsModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { data } = useSearchProductsQuery({ fetchAll: true }, { skip: !show });
  const [createProduct, { isLoading }] = useCreateProductMutation();
  const [name, setName] = useState('');
  const [subscription, setSubscription] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    const check = checkProductName(name);
    if (!check.ok) {
      setError(check.message);
      toast.error(check.message);
      return;
    }
    try {
      await createProduct({ name: check.name, subscription }).unwrap();
      toast.success(MESSAGES.productCreated);
      setName('');
      setSubscription(false);
      setError(null);
    } catch (failure) {
      toast.error(errorText(failure, MESSAGES.productCreateFailed));
    }
  };

  return (
    <Modal show={show} onHide={onHide} size="lg" aria-labelledby="products-title">
      <Modal.Header closeButton>
        <Modal.Title id="products-title">Manage products</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="d-flex gap-3" data-testid="product-counts">
          <span>
            Products <Badge bg="secondary">{data?.counts.products ?? 0}</Badge>
          </span>
          <span>
            Subscriptions <Badge bg="info">{data?.counts.subscriptions ?? 0}</Badge>
          </span>
        </p>
        <Form
          className="d-flex flex-wrap align-items-start gap-3 mb-3"
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
          noValidate
        >
          <Form.Group controlId="new-product-name" className="flex-grow-1">
            <Form.Label className="visually-hidden">Product name</Form.Label>
            <Form.Control
              placeholder="Product name"
              value={name}
              isInvalid={Boolean(error)}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
          <Form.Check
            className="mt-2"
            id="new-product-subscription"
            label="Is this a subscription product?"
            checked={subscription}
            onChange={(event) => setSubscription(event.target.checked)}
          />
          <ReasonButton type="submit" whyDisabled={isLoading && 'Creating…'}>
            Create product
          </ReasonButton>
        </Form>
        <div style={{ maxHeight: '24rem', overflowY: 'auto' }}>
          <DataTable
            label="Products"
            columns={PRODUCT_COLUMNS}
            rows={data?.data}
            empty="No products yet"
            size="sm"
            className="table-striped"
          />
        </div>
      </Modal.Body>
    </Modal>
  );
}
