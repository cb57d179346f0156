class WatchlistItemsController < ApplicationController
  include AccountRequired

  before_action :set_watchlist_item, only: %i[show edit update destroy]

  def index
    @watchlist_items = WatchlistItem.includes(:movie).order(:id)
  end

  def show
  end

  def new
    @watchlist_item = WatchlistItem.new
  end

  def edit
  end

  def create
    @watchlist_item = WatchlistItem.new(watchlist_item_params)

    if @watchlist_item.save
      redirect_to @watchlist_item, notice: "Watchlist item was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @watchlist_item.update(watchlist_item_params)
      redirect_to @watchlist_item, notice: "Watchlist item was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @watchlist_item.destroy!
    redirect_to watchlist_items_path, notice: "Watchlist item was deleted.", status: :see_other
  end

  private

  def set_watchlist_item
    @watchlist_item = WatchlistItem.find(params.expect(:id))
  end

  def watchlist_item_params
    params.expect(watchlist_item: [:movie_id, :note])
  end
end
