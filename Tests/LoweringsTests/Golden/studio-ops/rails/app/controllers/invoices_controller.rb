class InvoicesController < ApplicationController
  include AccountRequired

  before_action :set_invoice, only: %i[show edit update destroy]

  def index
    @invoices = Invoice.order(:id)
  end

  def show
  end

  def new
    @invoice = Invoice.new
  end

  def edit
  end

  def create
    @invoice = Invoice.new(invoice_params)

    if @invoice.save
      redirect_to @invoice, notice: "Invoice was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @invoice.update(invoice_params)
      redirect_to @invoice, notice: "Invoice was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @invoice.destroy!
    redirect_to invoices_path, notice: "Invoice was deleted.", status: :see_other
  end

  private

  def set_invoice
    @invoice = Invoice.find(params.expect(:id))
  end

  def invoice_params
    params.expect(invoice: [:name, :due_on])
  end
end
