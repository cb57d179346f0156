class AccountsController < ApplicationController
  include AccountRequired

  before_action :set_account

  def show
  end

  private

  def set_account
    @account = rodauth.rails_account
  end
end
