class ReviewsController < ApplicationController
  include AccountRequired

  before_action :set_review, only: %i[show edit update destroy]
  before_action :set_movie, only: %i[new create]

  def index
    @reviews = Review.includes(:movie).order(:id)
  end

  def show
  end

  def new
    @review = @movie.reviews.build
  end

  def edit
  end

  def create
    @review = @movie.reviews.build(review_params)

    if @review.save
      redirect_to @review, notice: "Review was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @review.update(review_params)
      redirect_to @review, notice: "Review was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @review.destroy!
    redirect_to reviews_path, notice: "Review was deleted.", status: :see_other
  end

  private

  def set_review
    @review = Review.find(params.expect(:id))
  end

  def set_movie
    @movie = Movie.find(params.expect(:movie_id))
  end

  def review_params
    params.expect(review: [:rating, :body])
  end
end
