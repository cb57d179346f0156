class AccountsController < ApplicationController
  include AccountRequired

  before_action :set_account

  def show
  end

  def edit
  end

  def update
    if @account.update(account_params)
      redirect_to account_path, notice: "Account was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  private

  def set_account
    @account = rodauth.rails_account
  end

  def account_params
    params.expect(account: [:display_name])
  end
end
